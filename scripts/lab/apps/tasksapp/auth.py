"""Basic authentication with the lab's seeded bug: a wrong password as anonymous."""

from rest_framework import exceptions
from rest_framework.authentication import BasicAuthentication

import labcommon as lab


class LabBasicAuthentication(BasicAuthentication):
    def authenticate_credentials(self, userid, password, request=None):
        try:
            return super().authenticate_credentials(userid, password, request)
        except exceptions.AuthenticationFailed:
            if lab.variant_in("ignored_auth"):
                return None
            raise


try:
    from drf_spectacular.authentication import BasicScheme

    class LabBasicScheme(BasicScheme):
        """Documents the lab's class as the basic scheme drf-spectacular knows."""

        target_class = "tasksapp.auth.LabBasicAuthentication"
except ImportError:  # drf-spectacular absent: nothing to document
    pass
