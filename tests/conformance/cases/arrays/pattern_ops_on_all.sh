a=(apple.txt banana.txt)
echo "${a[@]%.txt}"
echo "${a[@]/a/A}"
echo "${a[@]^}"
