# from mikefarah/yq cmd/root.go: --help lists the flags (--output-format among them), status 0
yq --help | grep -c -- '--output-format'
echo "status $?" 
