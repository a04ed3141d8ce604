echo value | read v
echo "v=[$v]"
