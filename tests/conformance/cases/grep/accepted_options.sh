# check-stderr
printf "a\nb\n" > f
grep --color=never a f; echo "s=$?"
grep --colour=never a f; echo "s=$?"
grep --line-buffered a f; echo "s=$?"
grep -U a f; echo "s=$?"
grep --binary a f; echo "s=$?"
grep --color a f; echo "s=$?"
grep --col=never a f; echo "s=$?"
