seq -s '' 1 500 > f
rev f | rev > g; [ "$(cat f)" = "$(cat g)" ] && echo same; rev f | head -c 20; echo
