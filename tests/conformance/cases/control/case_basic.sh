for w in apple banana cherry; do
  case $w in
    apple) echo fruit-a ;;
    b*) echo starts-b ;;
    *) echo other ;;
  esac
done
