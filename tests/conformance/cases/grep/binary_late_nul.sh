# check-stderr
for i in $(seq 1 20000); do echo "line $i text"; done > big
printf "x\0y\nline last\n" >> big
grep -c line big; echo "s=$?"
grep "line 4999 " big; echo "s=$?"
grep "last" big; echo "s=$?"
