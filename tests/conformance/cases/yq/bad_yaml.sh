# check-stderr
# from mikefarah/yq issues #2199 (message shape "bad file NAME: yaml: line N: ...") with go-yaml's text for "a: b: c"
printf 'a: b: c\n' > f.yaml
yq '.' f.yaml
echo "status $?" 
