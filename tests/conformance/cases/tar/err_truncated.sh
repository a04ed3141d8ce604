# check-stderr
seq 1 2000 > big
tar cf a.tar big
head -c 1500 a.tar > t.tar
tar tf t.tar; echo "status $?"
