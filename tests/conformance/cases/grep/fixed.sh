# check-stderr
printf "a.b\naxb\n[x]\n*\n" > f
grep -F a.b f; echo "s=$?"
grep -F "[x]" f; echo "s=$?"
grep -F "*" f; echo "s=$?"
grep -F -e x -e "." f; echo "s=$?"
grep -Fx "a.b" f; echo "s=$?"
grep -Fw x f; echo "s=$?"
grep -F "" f | wc -l
