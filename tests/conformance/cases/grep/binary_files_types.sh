# check-stderr
printf "a\0b\nxa\n" > bin
grep -a a bin | od -c
grep --binary-files=text a bin | od -c
grep --binary-files=without-match a bin; echo "s=$?"
grep -I a bin; echo "s=$?"
grep -Ic a bin; echo "s=$?"
grep -IL a bin; echo "s=$?"
grep -Il a bin; echo "s=$?"
grep --binary-files=binary a bin; echo "s=$?"
grep --binary-files=foo a bin; echo "s=$?"
