mkdir -p a/b c/b
touch a/b/1 c/b/2
echo */b/*
