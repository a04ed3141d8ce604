set -- a
shift 3
echo "status $? args $#"
shift
echo "status $? args $#"
