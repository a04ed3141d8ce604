# check-stderr
# from mikefarah/yq: Go os.Open error printed after "Error: ", status 1
yq '.' nofile.yaml
echo "status $?" 
