# check-stderr
# from mikefarah/yq cmd/evaluate_sequence_command.go: -e with a non-null result is status 0
echo 'a: cat' > f.yml
yq -e '.a' f.yml
echo "status $?" 
