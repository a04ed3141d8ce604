PV_TEST='a b' printenv PV_TEST
