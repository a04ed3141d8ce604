mkdir d
echo 'echo ran ex' > d/ex
touch d/file
chmod +x d/ex
type d/ex d/file
echo "type: $?"
command -v d/ex
command -v d/file
echo "command -v: $?"
d/ex
