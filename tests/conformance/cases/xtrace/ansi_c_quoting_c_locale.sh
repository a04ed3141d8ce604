# check-stderr
LC_ALL=C
set -x
: é $'\001x' "$(printf 'a\033b')" $'tab\there'
