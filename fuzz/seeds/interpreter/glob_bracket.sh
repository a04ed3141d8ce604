touch a b c d
echo [abc]
echo [!a]
echo [^ab]
echo [b-c]
