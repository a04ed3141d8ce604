X=outer
f() { echo "in f X=$X"; }
X=temp f
echo "after X=$X"
