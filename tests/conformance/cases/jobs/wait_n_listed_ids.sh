# check-stderr
# wait -n ID... waits for one of the listed jobs; an ID that is not a job
# of this shell is reported and left out. (hash -d says nothing before
# anything was hashed.)
hash -d nosuch
echo "hash -d, no table yet: $?"
wait -n 1 2
echo "none: $?"
{ sleep 0.3; exit 3; } &
a=$!
{ exit 5; } &
sleep 0.1
wait -n "$a"
echo "listed one: $?"
wait
hash -d nosuch
echo "hash -d: $?"
hash -r
hash -d nosuch
echo "hash -d, emptied table: $?"
