printf 'a\nb\nc\n' > f
sleep 0 & p=$!; wait $p
tail -f --pid=$p -n 2 f; echo "[$?]"
tail -F --pid=$p -n 1 f; echo "[$?]"
