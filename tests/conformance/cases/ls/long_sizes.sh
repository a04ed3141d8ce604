# check-stderr
head -c 2000 /dev/zero > k2
head -c 1500000 /dev/zero > m1
: > e
touch -d "2020-01-01" k2 m1 e
ls -gG e k2 m1; echo "s=$?"
ls -gGh e k2 m1; echo "s=$?"
ls -gG --si e k2 m1; echo "s=$?"
ls -gG --block-size=K k2 m1; echo "s=$?"
ls -gG --block-size=1M m1; echo "s=$?"
ls -s e k2 m1; echo "s=$?"
ls -sk e k2 m1; echo "s=$?"
ls -sh m1; echo "s=$?"
