case a in
  a) echo one ;&
  b) echo two ;&
  c) echo three ;;
  d) echo four ;;
esac
