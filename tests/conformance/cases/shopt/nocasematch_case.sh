shopt -s nocasematch
case HELLO in hello) echo matched;; *) echo no;; esac
[[ ABC == abc ]] && echo dbracket matched
