declare -ai nums=(1 2)
declare -ra ro=(x)
declare -p nums ro
