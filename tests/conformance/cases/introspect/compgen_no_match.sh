compgen -W 'x y' z
echo "status=$?"
