printf '%s|' "$(printf 'ab')" $'c\0d'; echo
