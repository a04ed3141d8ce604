# -n and -N count characters in a UTF-8 locale, bytes in the C locale.
export LC_ALL=C.UTF-8
read -n 1 c <<< 'éa'; echo "[$c]"
read -N 2 c <<< '日本語'; echo "[$c]"
read -n 2 a b <<< 'é b'; echo "[$a][$b]"
read -n 3 -r c <<< 'a\é'; echo "[$c]"
LC_ALL=C
read -n 1 c <<< 'éa'; printf '%s' "$c" | od -An -tx1
