case abc in
  a*) echo starts-a ;;&
  *b*) echo has-b ;;&
  x*) echo starts-x ;;&
  *c) echo ends-c ;;
  *) echo never ;;
esac
