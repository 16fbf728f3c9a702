//! Text diagrams of boards: ASCII (`.`, `X`, `O`) and the Unicode style of the seeds
//! (`┼ ● ○`), read and written, with marks on points. (Being written.)
