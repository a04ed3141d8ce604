set -u
(echo "$undefined_var")
echo "status=$?"
