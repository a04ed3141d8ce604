# patterns match bytes under LC_ALL=C: ? is one byte, [[:alpha:]] is ASCII only
for p in 1 2; do
  [[ é == ? ]] && echo "? matches" || echo "? does not match"
  [[ é == ?? ]] && echo "?? matches" || echo "?? does not match"
  case é in [[:alpha:]]) echo alpha ;; *) echo "not alpha" ;; esac
  case é in é) echo literal ;; esac
  case "xé" in x?) echo "x? matches" ;; *) echo "x? does not match" ;; esac
  LC_ALL=C.UTF-8
done
