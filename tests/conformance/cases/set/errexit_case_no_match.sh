set -e
case x in y) false;; esac
echo survived
