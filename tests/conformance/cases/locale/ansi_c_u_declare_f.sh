# `declare -f` shows a function's `$'\u…'` as bash decoded it when it
# read the definition: in the locale of that moment, not of the listing.
f() { echo $'\u00e9' $'\x41'; }
declare -f f | od -An -c
LC_ALL=C.UTF-8; declare -f f | od -An -c; g() { echo $'\u00e9'; }
declare -f g | od -An -c
h() { echo $'\u00e9'; }
LC_ALL=C
declare -f h | od -An -c
