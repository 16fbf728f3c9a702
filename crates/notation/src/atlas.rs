//! The foul-diagram file format of the atlas in `corpus/fouls/`. (Being written.)
