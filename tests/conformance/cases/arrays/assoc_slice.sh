# check-stderr
# Slicing an associative array follows its listing order; bash counts a
# positive offset from 1, a negative one back from the count, and a
# length of 0 still gives one element.
declare -A a=([xx]=1 [yy]=2 [zz]=3 [aa]=4 [bb]=5)
echo "all: ${a[*]}"
for o in 0 1 2 5 6 -1 -2 -5 -6; do
  echo "$o: [${a[*]:$o:2}] [${a[@]:$o}] [${a[*]:$o:0}]"
done
n() { echo "$#"; }
n "${a[@]:2:2}"
declare -A e
echo "empty: [${e[@]:1}]"
echo "${a[@]:1:-1}"
echo not reached
