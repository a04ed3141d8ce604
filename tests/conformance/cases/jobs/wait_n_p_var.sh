(sleep 0.1; exit 2) &
p=$!
wait -n -p who
s=$?
[[ $who == "$p" ]] && echo "matched pid status=$s"
