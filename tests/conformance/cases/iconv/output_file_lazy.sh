# check-stderr
printf '\303\251\n' | iconv -f UTF-8 -t ASCII -o o1; echo "status $?"; ls o1 2>/dev/null || echo "no o1"
printf '' | iconv -f UTF-8 -t ASCII -o o2; ls o2 2>/dev/null || echo "no o2"
printf 'a\303\251\n' | iconv -f UTF-8 -t ASCII -o o3; cat o3; echo
printf 'caf\351\n' > f; iconv -f LATIN1 -t UTF-8 -o f f; cat f
printf 'x' | iconv -f UTF-8 -t ASCII -o ''; echo "status $?"
