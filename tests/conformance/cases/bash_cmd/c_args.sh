bash -c 'echo "$0|$#|$*"' name a b c
