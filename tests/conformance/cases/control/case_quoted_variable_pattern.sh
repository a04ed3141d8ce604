p='a*'
case abc in "$p") echo literal ;; $p) echo glob ;; esac
