for w in 5 42 x7 '' '*'; do
  case $w in
    [0-9]) echo digit ;;
    [0-9]*) echo number ;;
    '') echo empty ;;
    '*') echo star ;;
    ?7) echo q7 ;;
  esac
done
