printf 'one\ntwo\n' | tee >(wc -l > count.txt) > /dev/null
wait $!
tr -d ' ' < count.txt
