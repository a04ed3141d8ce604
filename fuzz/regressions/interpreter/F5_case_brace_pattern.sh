case {0..99999}${arr/%*/a} in *) ! echo;; esac
