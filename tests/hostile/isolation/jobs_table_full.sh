# The other session filled its job table (16 sleeping jobs): this one
# still starts and waits for its own.
# peer: for i in {1..16}; do sleep 2 & done; true
# expect-stop: none
# expect-stdout: mine
# expect-max-seconds: 1
(sleep 0.1; echo mine) &
wait $!
