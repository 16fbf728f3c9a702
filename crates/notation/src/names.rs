//! The names of the crate's field-less enums, written once: [`names!`] gives an enum `ALL`,
//! `name()`, `from_name()` (ASCII case-insensitive) and a `Display` that writes the name.

/// Implements `ALL`, `name`, `from_name` and `Display` for a field-less enum from a list of
/// `Variant => "name"` pairs.
macro_rules! names {
    ($ty:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: [$ty; 0 $(+ $crate::names::names!(@one $variant))+] = [$($ty::$variant),+];

            /// The name (what `Display` writes and `from_name` reads).
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $text),+
                }
            }

            /// The value named `s` (ASCII case-insensitive), if any.
            #[must_use]
            pub fn from_name(s: &str) -> Option<$ty> {
                $ty::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(s))
            }
        }

        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
    (@one $x:ident) => {
        1
    };
}

pub(crate) use names;
