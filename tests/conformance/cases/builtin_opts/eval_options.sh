# check-stderr
eval -- echo one
eval -Q echo two
echo "status=$?"
eval - echo three
echo "status=$?"
