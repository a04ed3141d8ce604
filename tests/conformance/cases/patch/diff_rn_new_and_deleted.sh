# check-stderr
# diff -ruN marks a missing side with an Epoch date: patch makes the new
# file (and its directory), deletes the gone one (and the directory it
# empties), and -R undoes both.
mkdir -p a/sub b/newdir
printf 'keep\n' > a/k.txt; printf 'keep\nmore\n' > b/k.txt
printf 'bye\n' > a/sub/gone.txt
printf 'new\n' > b/newdir/n.txt
diff -ruN a b > p; echo "diff $?"
patch -p1 -d a < p; echo "patch $?"
find a | sort
cat a/k.txt a/newdir/n.txt
patch -R -p1 -d a < p; echo "reverse $?"
find a | sort
