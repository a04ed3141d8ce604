true &
wait $!
kill -0 $$ && echo self alive
