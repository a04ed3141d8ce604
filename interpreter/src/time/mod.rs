//! Moments as people read them: glibc's `strftime` in the C locale with
//! GNU's extensions ([`format`]) and time zones from `TZ` ([`zone`]),
//! shared by the shell (`printf '%(fmt)T'`) and the utilities (`date`,
//! awk's `strftime`, `ls -l`, archive listings).

pub mod format;
pub mod zone;

pub use format::strftime;

/// The weekdays' names in the C locale, Sunday first.
pub const DAYS_LONG: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// The months' names in the C locale.
pub const MONTHS_LONG: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
