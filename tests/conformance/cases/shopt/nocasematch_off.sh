case HELLO in hello) echo matched;; *) echo no;; esac
