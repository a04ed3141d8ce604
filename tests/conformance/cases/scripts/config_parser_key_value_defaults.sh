printf 'name=demo\n# ignored\nmode = fast\n' > settings.conf
name=default mode=slow level=1
while IFS='=' read -r k v; do
  [[ -z $k || $k == \#* ]] && continue
  k=${k// /}; v=${v# }
  case $k in
    name|mode|level) printf -v "$k" '%s' "$v" ;;
    *) echo "unknown key $k" ;;
  esac
done < settings.conf
echo "name=$name mode=$mode level=$level"
