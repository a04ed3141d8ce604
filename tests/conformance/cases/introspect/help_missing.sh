# check-stderr
help no_such_topic
echo "status=$?"
