for w in yes Y no n x; do
  case $w in
    yes|Y|y) echo affirmative ;;
    no|n) echo negative ;;
    *) echo unknown ;;
  esac
done
