input="a b b c a c"
state=idle
for ev in $input; do
  case $state:$ev in
    idle:a) state=running ;;
    running:b) state=paused ;;
    paused:b) state=running ;;
    running:c|paused:c) state=stopped ;;
    stopped:a) state=idle ;;
    *) echo "ignored $ev in $state"; continue ;;
  esac
  echo "$ev -> $state"
done
