ionice printf '%s-' a b c; echo
ionice -c 3 -- printf '%s\n' -n
