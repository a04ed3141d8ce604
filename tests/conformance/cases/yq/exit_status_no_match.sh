# check-stderr
# from mikefarah/yq cmd/evaluate_sequence_command.go: -e with only null/false printed ends with "no matches found", status 1
echo 'a: cat' > f.yml
yq -e '.b' f.yml
echo "status $?" 
